import type { BlockProps } from '../block-props';

/** Columns side by side on wide screens, stacked on narrow ones. */
export function Panel({ block, renderBlocks }: BlockProps<'panel'>) {
  return (
    <div className={`columns columns--${block.layout.replaceAll('/', '-')}`}>
      {block.columns.map((column, index) => (
        <div key={index} className="columns__column">
          {renderBlocks(column.blocks)}
        </div>
      ))}
    </div>
  );
}
