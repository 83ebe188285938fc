import { Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { LocationsV2 } from '../../domain/device-locations';
import { displayName } from '../../domain/device-view';
import type { AgentTreeNode } from '../../domain/hierarchy';
import { useSessionUser } from '../../hooks/useSession';
import { request } from '../../providers/http';
import { useAccounts } from './useAccounts';

interface DeviceChoice {
  terminalID: string;
  label: string;
  userId: number | null;
}

// One load per user and page visit, shared by every device field.
const cache = new Map<number, Promise<DeviceChoice[]>>();

/** The caller's devices (the monitor's columnar list: a few bytes a device, 10,000 devices fine). */
function loadDevices(userId: number): Promise<DeviceChoice[]> {
  let pending = cache.get(userId);
  if (!pending) {
    pending = request<LocationsV2>('/device/findDeviceLocationAllV2', {}).then(({ columns: c }) =>
      c.terminalID.map((terminalID, i) => ({
        terminalID,
        userId: c.userId[i],
        label: `${displayName({ terminalID, carNumber: c.carNumber[i], nickname: c.nickname[i] })} (${terminalID})`,
      })),
    );
    pending.catch(() => cache.delete(userId));
    cache.set(userId, pending);
  }
  return pending;
}

/** Ids of an account and every account below it. */
function subtreeIds(node: AgentTreeNode | undefined, out = new Set<number>()): Set<number> {
  if (!node) return out;
  out.add(node.id);
  for (const c of node.children) subtreeIds(c, out);
  return out;
}

interface Props {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** The form field holding the chosen account, whose subtree the devices are narrowed to. */
  dependsOn?: string;
}

/** Several devices by name or IMEI; none chosen means every device of the scope. */
export function DeviceSelect({ id, value, onChange, dependsOn }: Props) {
  const user = useSessionUser();
  const form = Form.useFormInstance();
  const account = Form.useWatch((v: Record<string, unknown>) => (dependsOn ? v[dependsOn] : undefined), form);
  const { map: accounts } = useAccounts();
  const [devices, setDevices] = useState<DeviceChoice[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!user) return;
    let live = true;
    loadDevices(user.id)
      .then((d) => live && setDevices(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [user]);

  const options = useMemo(() => {
    const scope = account == null ? null : subtreeIds(accounts.get(Number(account)));
    return devices
      .filter((d) => !scope || (d.userId != null && scope.has(d.userId)))
      .map((d) => ({ value: d.terminalID, label: d.label }));
  }, [devices, accounts, account]);

  return (
    <Select
      id={id}
      mode="multiple"
      data-testid="device-select"
      value={value}
      onChange={onChange}
      loading={loading}
      options={options}
      showSearch
      optionFilterProp="label"
      maxTagCount="responsive"
      allowClear
      style={{ minWidth: 240, maxWidth: 420 }}
    />
  );
}
