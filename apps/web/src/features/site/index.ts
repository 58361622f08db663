/** The site frame's public pieces: what the tenant's menu calls a page. */
export { useMenuLabel } from './site-content';
