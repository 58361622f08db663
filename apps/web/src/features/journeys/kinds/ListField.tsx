import { useRef, useState } from 'react';
import {
  listKind,
  listItemInputOf,
  listItemLine,
  listItemsOf,
  personInputOf,
  readListItem,
  type ListItem,
  type ListQuestion,
  type SubmittedAnswer,
} from '@meridian/contracts';
import type { FieldError } from '../../../components/ErrorSummary';
import { PersonFields, personInputFrom, personTyped, ShareInput } from '../../../components/PersonFields';
import { describedByFor, FieldMessages, TextField } from '../../../components/TextField';
import { todayUtc } from './box-errors';
import { kindAtHand, type FieldProps, type KindFieldModule } from './registry';

const itemPrefix = (question: ListQuestion) => `${question.key}-item-`;
const editingName = (question: ListQuestion) => `${question.key}-editing`;

/** What was typed in the open item's own boxes (its name, option, amount and share), beside its person. */
const itemBoxesFrom = (form: FormData, prefix: string) => ({
  title: String(form.get(`${prefix}title`) ?? '').trim(),
  option: String(form.get(`${prefix}option`) ?? '').trim(),
  amount: String(form.get(`${prefix}amount`) ?? '').trim(),
  share: String(form.get(`${prefix}share`) ?? '').trim(),
});

interface Editing {
  index: number;
  item?: ListItem;
}

const shareText = (hundredths: number) => `${Number((hundredths / 100).toFixed(2))}%`;

/** Where the shares stand against the total the list needs. */
function totalLine(question: ListQuestion, items: ListItem[]) {
  if (!question.total) return null;
  const given = items.reduce((sum, item) => sum + Math.round((item.share ?? 0) * 100), 0);
  const wanted = Math.round(question.total.equals * 100);
  const gap = wanted - given;
  return `Shares add up to ${shareText(given)}${gap === 0 ? '' : ` (${shareText(Math.abs(gap))} ${gap > 0 ? 'still to give' : 'too much'})`}`;
}

/**
 * Repeating items on one page: the list so far with Change and Remove, and the boxes of the item being
 * added or changed (checked by the contracts' `readListItem` when it is saved). The saved items travel
 * in a hidden field; an item still open when the page is sent is sent with them, so `read` judges it.
 */
function Field({ question, initial, error }: FieldProps<ListQuestion>) {
  const [items, setItems] = useState<ListItem[]>(() => listItemsOf(initial?.answerValue ?? null));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [itemErrors, setItemErrors] = useState<FieldError[]>([]);
  const [status, setStatus] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const prefix = itemPrefix(question);
  const { name, plural, title, option, amount } = question.item;
  const line = (item: ListItem) => listItemLine(item, question);
  const shownAgain = editing?.item && listItemInputOf(editing.item);

  const open = (next: Editing | null) => {
    setItemErrors([]);
    setEditing(next);
    window.setTimeout(() => {
      const target = next ? container.current?.querySelector<HTMLElement>('.list-item-editor legend') : null;
      (target ?? container.current?.querySelector<HTMLElement>(`#${question.key}-add`))?.focus();
    });
  };

  function save(button: HTMLButtonElement) {
    if (!editing || !button.form) return;
    const form = new FormData(button.form);
    const read = readListItem(
      question,
      { person: personInputFrom(form, question.item.fields, prefix), ...itemBoxesFrom(form, prefix) },
      { today: todayUtc() },
    );
    if (!read.ok) {
      setItemErrors(read.problems);
      window.setTimeout(() => document.getElementById(`${prefix}${read.problems[0]!.field}`)?.focus());
      return;
    }
    setItems((list) =>
      editing.index < list.length
        ? list.map((item, index) => (index === editing.index ? read.item : item))
        : [...list, read.item],
    );
    setStatus(`${line(read.item)} ${editing.index < items.length ? 'changed' : 'added'}`);
    open(null);
  }

  const total = totalLine(question, items);
  const editorError = (field: string) => itemErrors.find((problem) => problem.field === field)?.message;
  return (
    <div ref={container} className={`form-group${error ? ' form-group--error' : ''}`}>
      <fieldset
        id={question.key}
        tabIndex={-1}
        aria-describedby={describedByFor(question.key, question.hint, error)}
      >
        <legend className="legend legend--question">{question.label}</legend>
        <FieldMessages id={question.key} hint={question.hint} error={error} />
        <input type="hidden" name={question.key} value={JSON.stringify(items)} />
        {items.length === 0 ? (
          <p>You have not added any {plural} yet.</p>
        ) : (
          <dl className="summary-list">
            {items.map((item, index) => (
              <div className="summary-row" key={index}>
                <dt>{line(item)}</dt>
                <dd>
                  <button type="button" className="link-button" onClick={() => open({ index, item })}>
                    Change<span className="visually-hidden"> {line(item)}</span>
                  </button>{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setItems((list) => list.filter((_, position) => position !== index));
                      setStatus(`${line(item)} removed`);
                      open(null);
                    }}
                  >
                    Remove<span className="visually-hidden"> {line(item)}</span>
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {total && <p className="share-total">{total}</p>}
        {editing ? (
          <fieldset className="list-item-editor">
            <legend className="legend" tabIndex={-1}>
              {editing.item ? `Change ${line(editing.item)}` : `Add a ${name}`}
            </legend>
            <input type="hidden" name={editingName(question)} value={editing.index} />
            {title && (
              <TextField
                id={`${prefix}title`}
                label={title.label}
                autoComplete="off"
                defaultValue={shownAgain?.title}
                error={editorError('title')}
              />
            )}
            {option && (
              <div className={`form-group${editorError('option') ? ' form-group--error' : ''}`}>
                <label htmlFor={`${prefix}option`}>{option.label}</label>
                <FieldMessages id={`${prefix}option`} error={editorError('option')} />
                <select
                  id={`${prefix}option`}
                  name={`${prefix}option`}
                  defaultValue={shownAgain?.option ?? ''}
                  aria-invalid={editorError('option') ? true : undefined}
                  aria-describedby={describedByFor(`${prefix}option`, undefined, editorError('option'))}
                >
                  <option value="">Select an answer</option>
                  {(option.answers ?? []).map((answer) => (
                    <option key={answer.key} value={answer.key}>
                      {answer.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <PersonFields
              fields={question.item.fields}
              relationshipLabel={question.item.relationshipLabel}
              prefix={prefix}
              initial={editing.item && personInputOf(editing.item)}
              errors={itemErrors}
            />
            {amount && (
              <TextField
                id={`${prefix}amount`}
                label={amount.label}
                hint="In pounds, for example 12500 or 12500.50"
                inputMode="decimal"
                className="input--8"
                spellCheck={false}
                defaultValue={shownAgain?.amount}
                error={editorError('amount')}
              />
            )}
            {question.item.share && (
              <div className={`form-group${editorError('share') ? ' form-group--error' : ''}`}>
                <label htmlFor={`${prefix}share`}>{question.item.shareLabel ?? 'Their share'}</label>
                <ShareInput
                  id={`${prefix}share`}
                  hint={
                    question.total ? `All the shares must add up to ${question.total.equals}%` : undefined
                  }
                  error={editorError('share')}
                  defaultValue={shownAgain?.share}
                />
              </div>
            )}
            <div className="button-group">
              <button
                type="button"
                className="button button--secondary"
                onClick={(event) => save(event.currentTarget)}
              >
                Save this {name}
              </button>
              <button type="button" className="link-button" onClick={() => open(null)}>
                Cancel
              </button>
            </div>
          </fieldset>
        ) : (
          items.length < question.max && (
            <button
              type="button"
              id={`${question.key}-add`}
              className="button button--secondary"
              onClick={() => open({ index: items.length })}
            >
              {items.length === 0 ? `Add a ${name}` : `Add another ${name}`}
            </button>
          )
        )}
        <p role="status" className="visually-hidden">
          {status}
        </p>
      </fieldset>
    </div>
  );
}

/**
 * The saved items, and the one still open if anything was typed in it, as typed (the kind's `read`
 * checks them all, the same in the browser and on the server).
 */
function fromForm(form: FormData, question: ListQuestion): SubmittedAnswer {
  const saved = listItemsOf(String(form.get(question.key) ?? '[]'));
  const items: Array<Record<string, unknown>> = saved.map((item) => ({
    ...personInputOf(item),
    ...listItemInputOf(item),
  }));
  const editing = form.get(editingName(question));
  if (editing !== null) {
    const prefix = itemPrefix(question);
    const typed = personInputFrom(form, question.item.fields, prefix);
    const boxes = itemBoxesFrom(form, prefix);
    if (personTyped(typed) || Object.values(boxes).some(Boolean))
      items.splice(Number(editing), 1, { ...typed, ...boxes });
  }
  return { answerKey: String(items.length), answerValue: JSON.stringify(items) };
}

/** Whether the list holds anything, saved or being typed. */
function entered(form: FormData, question: ListQuestion) {
  return (JSON.parse(fromForm(form, question).answerValue ?? '[]') as unknown[]).length > 0;
}

const field: KindFieldModule<ListQuestion> = {
  loadKind: kindAtHand(listKind),
  Field,
  fromForm,
  entered,
};
export default field;
