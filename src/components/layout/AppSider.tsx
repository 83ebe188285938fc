import { Drawer, Layout, Menu, type MenuProps } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forcesChinese } from '../../../config/roles';
import { useIsPhone } from '../../hooks/useIsPhone';
import { useSessionUser } from '../../hooks/useSession';
import { menuFor, type MenuNode } from '../../resources/menu';
import { LazyLanguageSelect as LanguageSelect } from '../lazy/LazyLanguageSelect';
import { AppTitle } from './AppTitle';
import { useShellLayout } from './layoutContext';

type Item = Required<MenuProps>['items'][number];

/**
 * Long labels (French "Contrôles de véhicules", Khmer, Burmese) wrap onto a second line instead
 * of being cut with "…". Not while collapsed to icons, where the labels are hidden.
 */
const WRAP_CSS =
  // antd sizes these with deeper selectors (inline > submenu > title): only !important wins here.
  '.app-menu-wrap .ant-menu-item, .app-menu-wrap .ant-menu-submenu-title { height: auto !important; ' +
  'min-height: 40px; line-height: 20px !important; padding-top: 10px; padding-bottom: 10px; white-space: normal; } ' +
  '.app-menu-wrap .ant-menu-title-content { white-space: normal; overflow: visible; text-overflow: clip; }';

function toItem(node: MenuNode, t: (key: string) => string): Item {
  const { resource } = node;
  const icon = resource.icon ? createElement(resource.icon) : undefined;
  const label = t(`menu:${resource.labelKey}`);
  if (resource.path) {
    return { key: resource.path, icon, label: <Link to={resource.path}>{label}</Link> };
  }
  return { key: resource.name, icon, label, children: node.children.map((c) => toItem(c, t)) };
}

/** The side menu, filtered by the user's permissions; a drawer on phones. */
export function AppSider() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const phone = useIsPhone();
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useShellLayout();
  const nodes = useMemo(() => menuFor(user), [user]);
  const items = useMemo(() => nodes.map((n) => toItem(n, t)), [nodes, t]);
  // The group holding the current page starts open.
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    nodes.filter((n) => n.children.some((c) => c.resource.path === pathname)).map((n) => n.resource.name),
  );
  const collapsed = siderCollapsed && !phone;

  const menu = (
    <>
      <style>{WRAP_CSS}</style>
      <Menu
        data-testid="app-menu"
        className={collapsed ? undefined : 'app-menu-wrap'}
        mode="inline"
        // Rendered up front: the menu is small, and every permitted link is then in the page.
        forceSubMenuRender
        items={items}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        // On a phone, choosing a page closes the drawer so the page is seen.
        onClick={phone ? () => setMobileSiderOpen(false) : undefined}
        style={{ border: 'none' }}
      />
    </>
  );

  if (phone) {
    // Below `md` the menu is a drawer opened from the header's menu button (AppHeader).
    return (
      <Drawer
        placement="left"
        width={280}
        open={mobileSiderOpen}
        onClose={() => setMobileSiderOpen(false)}
        title={<AppTitle collapsed={false} />}
        closable={false}
        styles={{ body: { padding: 0 }, header: { padding: '12px 16px' } }}
        footer={user && !forcesChinese(user.role) ? <LanguageSelect /> : undefined}
        data-testid="menu-drawer"
      >
        {menu}
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      theme="light"
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      breakpoint="lg"
      width={220}
      // Sticky and as tall as the window: a long menu scrolls inside it, above the collapse trigger.
      style={{ position: 'sticky', top: 0, height: '100vh', borderRight: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <div
        style={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          padding: siderCollapsed ? '0 24px' : '0 16px',
        }}
      >
        <AppTitle collapsed={siderCollapsed} />
      </div>
      <div style={{ height: 'calc(100% - 64px)', overflowY: 'auto' }}>{menu}</div>
    </Layout.Sider>
  );
}
