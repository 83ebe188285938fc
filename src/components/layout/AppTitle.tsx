import { Typography } from 'antd';
import { Link } from 'react-router';
import { brand } from '../../providers/publicConfig';
import { PUBLIC_ROUTES } from '../../domain/routeGuard';

/**
 * Brand logo and name at the top of the side menu; links to the user's home page. The brand is
 * the one of the login page the user came through (src/providers/publicConfig.ts).
 */
export function AppTitle({ collapsed }: { collapsed: boolean }) {
  const b = brand();
  return (
    <Link
      to={PUBLIC_ROUTES.redirect}
      data-testid="app-brand"
      data-brand={b.id}
      style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}
    >
      <img src={`/brands/${b.logo}`} alt={collapsed ? b.title : ''} width={28} height={28} />
      {!collapsed && (
        // Plain CSS ellipsis: antd's `ellipsis` measures the text after mounting and renders again.
        <Typography.Text
          strong
          title={b.title}
          style={{ fontSize: 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {b.title}
        </Typography.Text>
      )}
    </Link>
  );
}
