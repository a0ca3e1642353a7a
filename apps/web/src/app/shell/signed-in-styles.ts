/**
 * The stylesheets of the Mantine components only signed-in pages use, loaded with the signed-in frame
 * (AppLayout) rather than by every page: the sign-in page blocks its first paint on less CSS. They
 * come after the base sheets of `src/styles.ts`, in Mantine's order.
 */
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Indicator.css';
// FleetFuel's own controls that only signed-in pages use.
import '@/components/ui/segmented-choice.css';
