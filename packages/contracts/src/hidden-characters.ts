/**
 * Characters a reader cannot see that change what text shows or how it is read: bidirectional
 * embeddings, overrides, isolates and marks (U+202E before `fdp.exe` makes `report…fdp.exe` display
 * as `reportexe.pdf`), zero-width spaces and joiners, and the C1 controls and line or paragraph
 * separators that no single line holds. The input policy (`textProblem`) already covers C0 and DEL.
 */
const directionControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const zeroWidth = /[\u180e\u200b-\u200d\u2060-\u2064\ufeff]/;
const lineControls = /[\u0080-\u009f\u2028\u2029]/;

/** Why a single-line value hides something, or undefined when it hides nothing. */
export function hiddenCharacterProblem(value: string): string | undefined {
  if (directionControls.test(value)) return 'must not contain characters that change the direction of text';
  if (zeroWidth.test(value)) return 'must not contain invisible characters';
  if (lineControls.test(value)) return 'must not contain control characters';
  return undefined;
}

const everyHiddenCharacter = new RegExp(
  [directionControls, zeroWidth, lineControls].map((pattern) => pattern.source).join('|'),
  'g',
);

/** The text with its hidden characters taken out: to name a refused value without their effect. */
export const withoutHiddenCharacters = (value: string) => value.replace(everyHiddenCharacter, '');
