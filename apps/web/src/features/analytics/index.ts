export { AnalyticsView } from './components/AnalyticsView';
export { readAnalyticsFilters, writeAnalyticsFilters } from './analytics-filters';
export { PlatformActivity } from './components/PlatformActivity';
