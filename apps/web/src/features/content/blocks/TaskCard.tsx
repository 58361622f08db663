import { evaluateVisibility, type BlockOf, type TaskState, type VisibilityKey } from '@meridian/contracts';
import { useContent, useFiguresWording, useTextResolver } from '../content-context';
import { valueAt } from '../data-tokens';
import { ContentLink } from '../links';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

type TaskStatus = NonNullable<BlockOf<'taskCard'>['statuses']>[number];

function dataHolds(rule: TaskStatus['whenData'], data: unknown): boolean {
  if (!rule) return true;
  const value = valueAt(data, rule.path);
  if (value === undefined || value === null || value === '') return false;
  return !rule.in || rule.in.includes(value as string | number | boolean);
}

/** The first status whose access-key rule and data condition both hold. */
export function chosenStatus(
  statuses: readonly TaskStatus[] | undefined,
  accessKey: VisibilityKey,
  data: unknown,
): TaskStatus | undefined {
  return statuses?.find(
    (status) => evaluateVisibility(status.visibility, accessKey) && dataHolds(status.whenData, data),
  );
}

const stateClass: Record<TaskState, string> = {
  notStarted: 'task-tag--not-started',
  inProgress: 'task-tag--in-progress',
  actionNeeded: 'task-tag--action-needed',
  done: 'task-tag--done',
  unavailable: 'task-tag--unavailable',
};

/**
 * A capability on the hub: what it is for, where the member stands with it, and the way in. While the member's
 * figures are unavailable it says so in its `figuresUnavailableHtml`, if it has one.
 */
export function TaskCard({ block }: BlockProps<'taskCard'>) {
  const { accessKey, dataSources } = useContent();
  const wording = useFiguresWording(block.html, block.figuresUnavailableHtml);
  const { text } = useTextResolver(block.dataSourceUrl);
  const data = block.dataSourceUrl === undefined ? undefined : dataSources[block.dataSourceUrl];
  const status = chosenStatus(block.statuses, accessKey, data);
  const Heading = `h${block.headingLevel ?? 2}` as const;
  if (wording.hidden) return null;
  return (
    <div className="card task-card">
      <Heading className="card__title">{text(block.title)}</Heading>
      {status && (
        <p className="task-card__status">
          <span className="visually-hidden">Status: </span>
          <strong className={`task-tag ${stateClass[status.state]}`}>{text(status.text)}</strong>
        </p>
      )}
      {wording.html !== undefined && <RichText html={wording.html} dataSourceUrl={block.dataSourceUrl} />}
      <p className="card__link">
        <ContentLink target={block.link}>{text(block.link.label)}</ContentLink>
      </p>
    </div>
  );
}
