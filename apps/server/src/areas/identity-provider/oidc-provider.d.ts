// The parts of oidc-provider (which ships no type declarations) this area uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AnyObject = Record<string, unknown>;

  export interface AdapterPayload extends AnyObject {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AnyObject> | AnyObject;
  }

  export interface ClientRecord {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
    includeSid(): boolean;
  }

  export interface OIDCContext {
    params?: AnyObject;
    client?: ClientRecord;
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: Provider;
    route?: string;
  }

  /** The Koa context the provider hands to its hooks. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    host: string;
    href: string;
    body: unknown;
    type: string;
    status: number;
    set(name: string, value: string): void;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: AnyObject };
    params: AnyObject;
    session?: { accountId?: string };
    grantId?: string;
    returnTo: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; amr?: string[]; remember?: boolean };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface Configuration extends AnyObject {
    adapter?: new (model: string) => Adapter;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: ClientRecord) => boolean;
    renderError?: (ctx: KoaContextWithOIDC, out: AnyObject, error: Error) => Promise<void>;
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    Grant: typeof Grant;
    Client: { prototype: ClientRecord };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
