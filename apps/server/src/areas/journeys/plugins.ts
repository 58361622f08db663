import type { JourneyDefinition } from '@meridian/contracts';

/** A section of check your answers or the PDF: a heading and its lines. */
export interface AnswerSection {
  heading: string;
  lines: Array<{ label: string; value: string }>;
}

/**
 * What a kind of journey adds to the generic engine, found by the definition's `startsFrom`: the
 * engine calls these hooks and knows nothing of any journey itself.
 */
export interface JourneyPlugin {
  startsFrom: NonNullable<JourneyDefinition['startsFrom']>;
  /** What the journey locked in when it started (a chosen quote), as the PDF shows it. */
  lockedSection(locked: unknown): AnswerSection;
}

const plugins = new Map<string, JourneyPlugin>();

export function registerJourneyPlugin(plugin: JourneyPlugin) {
  plugins.set(plugin.startsFrom, plugin);
}

export const pluginOf = (definition: JourneyDefinition): JourneyPlugin | undefined =>
  definition.startsFrom ? plugins.get(definition.startsFrom) : undefined;
