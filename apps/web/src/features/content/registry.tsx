import { useEffect, type ComponentType } from 'react';
import {
  evaluateVisibility,
  SKIPPED_BLOCK_TYPE,
  type Block,
  type BlockEnvelope,
  type BlockType,
} from '@meridian/contracts';
import { useContent } from './content-context';
import type { BlockProps } from './block-props';
import { Accordion } from './blocks/Accordion';
import { BackLink } from './blocks/BackLink';
import { ButtonBlock } from './blocks/Button';
import { ButtonGroup } from './blocks/ButtonGroup';
import { Card } from './blocks/Card';
import { DataSummary } from './blocks/DataSummary';
import { Grid } from './blocks/Grid';
import { Header } from './blocks/Header';
import { InfoTile } from './blocks/InfoTile';
import { JourneyStageIndicator } from './blocks/JourneyStageIndicator';
import { LinkPanel } from './blocks/LinkPanel';
import { Message } from './blocks/Message';
import { Modal } from './blocks/Modal';
import { Panel } from './blocks/Panel';
import { ResourceList } from './blocks/ResourceList';
import { RichTextBlock } from './blocks/RichTextBlock';
import { TaskCard } from './blocks/TaskCard';
import { MemberRequestsBlock } from '../cases';
import { DcPotBlock, FundSwitchPreviewBlock } from '../dc-options';
import { DbServiceBlock, RetirementPlannerBlock, RetirementQuotePickerBlock } from '../retirement';
import { rareBlocks } from './rare-blocks';
import './blocks.css';

export { preloadRareBlocks } from './rare-blocks';

/** The block registry: one component per block type. */
export const blockRegistry: { [Type in BlockType]: ComponentType<BlockProps<Type>> } = {
  panel: Panel,
  grid: Grid,
  tabs: rareBlocks.tabs.component,
  accordion: Accordion,
  richText: RichTextBlock,
  message: Message,
  header: Header,
  button: ButtonBlock,
  buttonGroup: ButtonGroup,
  linkPanel: LinkPanel,
  card: Card,
  taskCard: TaskCard,
  infoTile: InfoTile,
  pageFeed: rareBlocks.pageFeed.component,
  dataSummary: DataSummary,
  dataTable: rareBlocks.dataTable.component,
  timeline: rareBlocks.timeline.component,
  modal: Modal,
  pageMenu: rareBlocks.pageMenu.component,
  backLink: BackLink,
  journeyStageIndicator: JourneyStageIndicator,
  resourceList: ResourceList,
  chart: rareBlocks.chart.component,
  retirementQuotePicker: RetirementQuotePickerBlock,
  retirementPlanner: RetirementPlannerBlock,
  dbService: DbServiceBlock,
  memberRequests: MemberRequestsBlock,
  dcPot: DcPotBlock,
  fundSwitchPreview: FundSwitchPreviewBlock,
};

/** A block that was not rendered is logged; in development it leaves a visible placeholder. */
function SkippedBlock({ reason, visible }: { reason: string; visible: boolean }) {
  useEffect(() => {
    console.warn(`${reason}: it was not rendered`);
  }, [reason]);
  if (!visible) return null;
  return (
    <p className="unknown-block">
      <strong>Development only:</strong> {reason}.
    </p>
  );
}

const renderBlocks = (blocks: BlockEnvelope[]) => <Blocks blocks={blocks} />;

/**
 * One block, shown when its visibility rule holds. The content service checked it against its
 * contract when it read the page: one that failed arrives as a skipped-block marker.
 */
export function BlockView({ block }: { block: BlockEnvelope }) {
  const { accessKey, showSkippedBlocks } = useContent();
  if (block.type === SKIPPED_BLOCK_TYPE || !Object.hasOwn(blockRegistry, block.type)) {
    const reason =
      block.type === SKIPPED_BLOCK_TYPE ? String(block.reason) : `Content block of unknown type "${block.type}"`;
    return <SkippedBlock reason={reason} visible={showSkippedBlocks} />;
  }
  const checked = block as Block;
  if (!evaluateVisibility(checked.visibility, accessKey)) return null;
  const Component = blockRegistry[checked.type] as ComponentType<BlockProps<BlockType>>;
  const view = <Component block={checked} renderBlocks={renderBlocks} />;
  if (!checked.anchor) return view;
  return (
    <div id={checked.anchor} className="block-anchor" tabIndex={-1}>
      {view}
    </div>
  );
}

export function Blocks({ blocks }: { blocks: BlockEnvelope[] }) {
  return blocks.map((block, index) => <BlockView key={`${index}-${block.type}`} block={block} />);
}
