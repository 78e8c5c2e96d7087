/**
 * The sidebar menu (SPEC §2): monitoring, then the resources of src/resources/index.ts grouped as
 * their `menu` says (maintainers, main entries such as notifications, support tickets). Entries an
 * ordinary user may not open are left out.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import Build from '@mui/icons-material/Build';
import SupportAgent from '@mui/icons-material/SupportAgent';
import ViewList from '@mui/icons-material/ViewList';
import { Menu as RaMenu, useBasename, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { resources } from '../resources';
import type { AppResource, MenuGroup } from '../resources/types';
import { permissionsOf, type Permissions } from '../providers/authProvider';
import { canAccessWith } from '../resources/access';
import { getProfile } from '../providers/session';
import { palette } from '../theme';

const visible = (r: AppResource, p: Permissions, group: MenuGroup) =>
  (r.menu ?? 'main') === group && canAccessWith(p, r.name, 'list');

function Group({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const [sidebarOpen] = useSidebarState();
  const button = (
    // Inside react-admin's role="menu", a group is a menuitem that opens a role="group" of items.
    <ListItemButton
      role="menuitem"
      onClick={() => setOpen(!open)}
      aria-expanded={open}
      sx={{ py: '6px', color: palette.darkText, '&:hover': { color: palette.darkTextActive } }}
    >
      {/* Same geometry as react-admin's menu items (icon column of 40px). */}
      <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} />
      {open ? <ExpandLess /> : <ExpandMore />}
    </ListItemButton>
  );
  return (
    <>
      {sidebarOpen ? button : <Tooltip title={label} placement="right">{button}</Tooltip>}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" role="group" aria-label={label} disablePadding sx={{ '& .RaMenuItemLink-root': { pl: sidebarOpen ? 4 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </>
  );
}

export const Menu = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const { permissions } = usePermissions<Permissions>();
  const p = permissions ?? permissionsOf(getProfile());
  const item = (r: AppResource) => {
    const Icon = (r.icon ?? ViewList) as ComponentType;
    const entry = (
      <RaMenu.Item
        key={r.name}
        to={`${basename}${r.menuTo ?? `/${r.name}`}`}
        primaryText={translate(`resources.${r.name}.name`, { smart_count: 2, _: r.name })}
        leftIcon={<Icon />}
      />
    );
    const Gate = r.menuGate;
    return Gate ? <Gate key={r.name}>{entry}</Gate> : entry;
  };
  const of = (group: MenuGroup) => resources.filter((r) => visible(r, p, group)).map(item);
  const maintainers = of('maintainers');
  const tickets = of('tickets');
  return (
    <RaMenu>
      <RaMenu.Item to={`${basename}/monitoring`} primaryText={translate('app.menu.monitoring')} leftIcon={<MonitorHeart />} />
      {/* 'Mantenedores' is staff's word for their catalogue work: a customer's entries there (their projects) stand alone. */}
      {maintainers.length > 0 && (p.is_staff ? <Group label={translate('app.menu.maintainers')} icon={<Build />}>{maintainers}</Group> : maintainers)}
      {of('main')}
      {tickets.length > 0 && <Group label={translate('app.menu.tickets')} icon={<SupportAgent />}>{tickets}</Group>}
    </RaMenu>
  );
};
