import type { InputHTMLAttributes } from 'react';
import type { JourneyQuestion, QuestionKind, StoredAnswer } from '@meridian/contracts';
import { TextField as Box } from '../../../components/TextField';
import { kindAtHand, typed, type FieldProps, type KindFieldModule } from './registry';

type BoxAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'autoComplete' | 'className' | 'spellCheck' | 'type' | 'maxLength'
>;

/**
 * A kind answered in one text box (money, a number, an email address...): the box, labelled by the
 * question, showing the stored answer again as `shown` writes it.
 */
export function singleBox<Q extends JourneyQuestion>(
  kind: QuestionKind<Q>,
  attributes: (question: Q) => BoxAttributes,
  shown: (answer: StoredAnswer) => string = (answer) => answer.answerKey,
): KindFieldModule<Q> {
  function Field({ question, initial, error, context }: FieldProps<Q>) {
    return (
      <Box
        id={question.key}
        label={question.label}
        hint={context && kind.hint ? kind.hint(question, context) : question.hint}
        error={error}
        defaultValue={initial ? shown(initial) : undefined}
        {...attributes(question)}
      />
    );
  }
  return {
    loadKind: kindAtHand(kind),
    Field,
    fromForm: (form, question) => ({ answerKey: typed(form, question.key) }),
  };
}
