import { z } from 'zod';
import { webhookDeliveryBodySchemas, webhookEventLabels, webhookEventNames } from '@meridian/contracts';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from './delivery';

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/** The headers every delivery carries (areas/webhooks/delivery.ts). */
const deliveryHeaders = [
  header(WEBHOOK_HEADERS.event, 'The event, as in the body.'),
  header(WEBHOOK_HEADERS.delivery, 'The delivery’s id, the same on every retry: ignore a repeat.'),
  header(WEBHOOK_HEADERS.timestamp, 'Unix seconds, new on each try.'),
  header(
    WEBHOOK_HEADERS.signature,
    `v1=<hex HMAC-SHA256 of "<timestamp>.<body>" under the receiver's secret>; two, comma separated, while a replaced secret still signs. Accept the delivery when any is right and the timestamp is within ${WEBHOOK_TOLERANCE_SECONDS} seconds of your clock.`,
  ),
];

/**
 * The case events a tenant's administration system receives (docs/operations.md#webhooks), for the
 * OpenAPI document. The document is OpenAPI 3.0, which has no `webhooks` (3.1), so they are given as
 * `x-webhooks`, the extension documentation tools read for 3.0: each event a POST to the receiver with
 * its body's schema, from the contracts the deliveries are tested against. Spread into the document's
 * options (an extension is no property of its type).
 */
export const webhookOpenApi = {
  'x-webhooks': Object.fromEntries(
    webhookEventNames.map((event) => [
      event,
      {
        post: {
          tags: ['integration'],
          summary: `${webhookEventLabels[event]} (${event})`,
          description:
            'Sent to each receiver of the case’s tenant that chose the event, in the transaction of the change; retried with back-off until a 2xx (no redirects followed, 10 s to answer).',
          parameters: deliveryHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(webhookDeliveryBodySchemas[event], { target: 'openapi-3.0' }),
              },
            },
          },
          responses: { '2XX': { description: 'Received: no further tries' } },
        },
      },
    ]),
  ),
};
