import { useTextResolver } from '../content-context';
import type { BlockProps } from '../block-props';

/** The stages of a journey, the current one marked with aria-current="step". */
export function JourneyStageIndicator({ block }: BlockProps<'journeyStageIndicator'>) {
  const { text } = useTextResolver();
  const current = block.stages.findIndex((stage) => stage.key === block.current);
  return (
    <div className="stages">
      <p className="stages__count">
        Step {current + 1} of {block.stages.length}
      </p>
      <ol className="stages__list">
        {block.stages.map((stage, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={stage.key}
              className={`stages__stage stages__stage--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {text(stage.label)}
              {state === 'done' && <span className="visually-hidden"> (completed)</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
