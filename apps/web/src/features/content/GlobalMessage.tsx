import { useMemo } from 'react';
import { useLoad } from '../../components/useLoad';
import { contentAccessKey } from '../access-key';
import { Message } from './blocks/Message';
import { ContentContext, publicContent } from './content-context';
import { globalsAndTokens, textsOf } from './content-loader';

/** The globals and the member's tokens, as the frame reads them (the client shares the one answer). */
async function readGlobals() {
  const [globals, tokens] = await globalsAndTokens(await contentAccessKey());
  return { messages: globals?.messages ?? [], texts: textsOf(globals, tokens.tokens) };
}

/**
 * A message of the tenant's globals by key, shown as a `message` block shows one, for a page of the
 * portal's own to say what each tenant words for itself; nothing while it is read, or without one.
 */
export function GlobalMessage({ messageKey, className }: { messageKey: string; className?: string }) {
  const { data } = useLoad(readGlobals);
  const content = useMemo(() => data && { ...publicContent, ...data.texts }, [data]);
  const message = data?.messages.find((candidate) => candidate.key === messageKey);
  if (!message || !content) return null;
  return (
    <ContentContext.Provider value={content}>
      <div className={className}>
        <Message block={{ type: 'message', ...message }} renderBlocks={() => null} />
      </div>
    </ContentContext.Provider>
  );
}
