import type { ComponentType } from 'react';
import type { PageJourney } from '@meridian/contracts';
import { loadOnce } from './load-once';

type Shows = NonNullable<PageJourney['shows']>;

/**
 * What a page that `shows` something adds below it, each its own chunk loaded with the step that
 * shows it (the postal address brings the address lookup, the identity check the upload's checks).
 */
const loaders = {
  'contact-details': async () => (await import('./PostalAddress')).PostalAddress,
  'identity-verification': async () => (await import('./IdentityCheck')).IdentityCheck,
} satisfies Partial<Record<Shows, () => Promise<ComponentType>>>;

type PartShown = keyof typeof loaders;

export const shownPartOf = (shows: Shows | undefined): PartShown | undefined =>
  shows && shows in loaders ? (shows as PartShown) : undefined;

const parts = loadOnce((shows: PartShown) => loaders[shows]());

export const useShownPart = parts.useLoaded;

/** Loads what a page shows (nothing for a page that shows nothing loaded on demand). */
export const loadShownPart = async (shows: Shows | undefined) => {
  const part = shownPartOf(shows);
  if (part) await parts.load(part);
};
