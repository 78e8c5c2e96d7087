import { TabbedShowLayoutTabs } from 'react-admin';

/**
 * The tabs of a detail page (`<TabbedShowLayout tabs={detailTabs}>`): when they do not fit the width
 * (a phone), they scroll sideways behind arrows, instead of the last one being cut off unseen.
 */
export const detailTabs = <TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />;
