// The public Retailer row is shared with mcp-server's get_retailers tool (libs/domain).
export { toPublicRetailer, type PublicRetailer } from '@cps/domain';
export { type ImageKind, type ImageTheme, type RetailerImages } from '@cps/domain';
