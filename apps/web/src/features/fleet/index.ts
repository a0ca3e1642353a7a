export { AssetsPanel } from './components/AssetsPanel';
export { AssetDetails, ASSET_TABS, type AssetTab } from './components/AssetDetails';
export { DriversPanel } from './components/DriversPanel';
export { GroupsPanel } from './components/GroupsPanel';
