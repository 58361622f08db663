/** Cases' public pieces: My requests as a content block, and the hub's latest request. */
export { MemberRequestsBlock } from './blocks';
export { HubRequests } from './HubRequests';
