import { visibilityKeyOf, type ContentAccessKeyPayload, type VisibilityKey } from '@meridian/contracts';

/** Visibility keys of looked-up access keys (each looked up once, then remembered) for readers sending no flags. */
const readerKeys = new WeakMap<ContentAccessKeyPayload, VisibilityKey>();

/** The reader a content access key and the client's flags describe; one object per key without flags. */
export function readerKey(payload: ContentAccessKeyPayload, clientFlags: string[] = []): VisibilityKey {
  if (clientFlags.length > 0) return visibilityKeyOf(payload, clientFlags);
  let key = readerKeys.get(payload);
  if (!key) {
    key = visibilityKeyOf(payload);
    readerKeys.set(payload, key);
  }
  return key;
}

const readerNames = {
  public: new WeakMap<VisibilityKey, string>(),
  member: new WeakMap<VisibilityKey, string>(),
};

/**
 * A reader's name among the variants of a cached page or document (see cachedVariant), written once
 * per visibility key object (a member's is kept with their access key, see readerKey): the same
 * string every call, so the cache does not hash a new one each time.
 */
export function readerName(publicOnly: boolean, key: VisibilityKey): string {
  const names = publicOnly ? readerNames.public : readerNames.member;
  let name = names.get(key);
  if (name === undefined) {
    name = JSON.stringify({ publicOnly, key });
    names.set(key, name);
  }
  return name;
}
