import type { ComponentType } from 'react';
import {
  IconBuildingSkyscraper,
  IconCar,
  IconChartBar,
  IconDroplet,
  IconGasStation,
  IconHistory,
  IconLayoutDashboard,
  IconLifebuoy,
  IconReceipt,
  IconReportAnalytics,
  IconSettings,
  IconSteeringWheel,
  IconTool,
  IconUsersGroup,
  IconWallet,
  type IconProps,
} from '@tabler/icons-react';

/** Icons of the contract's menu entries, by path; the menu itself comes from the contract. */
export const NAV_ICONS: Record<string, ComponentType<IconProps>> = {
  '/': IconLayoutDashboard,
  '/clients': IconBuildingSkyscraper,
  '/fuel-stations': IconGasStation,
  '/wallet': IconWallet,
  '/fuel': IconDroplet,
  '/maintenance': IconTool,
  '/assets': IconCar,
  '/drivers': IconSteeringWheel,
  '/departments': IconUsersGroup,
  '/report': IconReportAnalytics,
  '/analytics': IconChartBar,
  '/billing': IconReceipt,
  '/audit-log': IconHistory,
  '/support': IconLifebuoy,
  '/settings': IconSettings,
};
