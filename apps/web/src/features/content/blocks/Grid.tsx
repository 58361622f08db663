import type { BlockProps } from '../block-props';

export function Grid({ block, renderBlocks }: BlockProps<'grid'>) {
  return (
    <div className={`block-grid block-grid--${block.columns ?? 3}`}>
      {block.blocks.map((nested, index) => (
        <div key={index} className="block-grid__cell">
          {renderBlocks([nested])}
        </div>
      ))}
    </div>
  );
}
