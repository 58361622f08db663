import type { ReactNode } from 'react';

/** A radio of a "choose by" question with the field it reveals while it is chosen. */
export function RevealingRadio<Value extends string>({
  name,
  value,
  label,
  chosen,
  onChoose,
  children,
}: {
  name: string;
  value: Value;
  label: string;
  chosen: Value;
  onChoose: (value: Value) => void;
  children: ReactNode;
}) {
  const id = `${name}-${value}`;
  return (
    <>
      <div className="radio">
        <input
          type="radio"
          id={id}
          name={name}
          value={value}
          checked={chosen === value}
          onChange={() => onChoose(value)}
          aria-controls={`${id}-reveal`}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <div className="radio-reveal" id={`${id}-reveal`} hidden={chosen !== value}>
        {children}
      </div>
    </>
  );
}
