import type { Footer, Menu } from '@meridian/contracts';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isFilledText = (value: unknown) => typeof value === 'string' && value.length > 0;

/** A labelled link with an address or a page key: what the frame draws of a menu item or footer link. */
const isLink = (value: unknown): value is Fields =>
  isObject(value) && isFilledText(value.label) && (isFilledText(value.href) || isFilledText(value.pageKey));

const isMenuItem = (value: unknown) =>
  isLink(value) &&
  ['Left', 'Right', 'Account'].includes(value.position as string) &&
  typeof value.orderNo === 'number';

/** A menu the frame can draw (the server checked it against its contract; this only keeps a bad one out). */
export const isMenu = (value: unknown): value is Menu =>
  isObject(value) && Array.isArray(value.items) && value.items.every(isMenuItem);

/** A footer the frame can draw. */
export const isFooter = (value: unknown): value is Footer =>
  isObject(value) &&
  typeof value.text === 'string' &&
  Array.isArray(value.links) &&
  value.links.every(isLink);
