import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import type { RemoteOptions } from '../../resources/types';
import { remoteOptionsOf, type Option } from './remoteOptions';

/** A select whose options are read from a list call when the form opens (firmware images). */
export function RemoteSelect({
  from,
  id,
  value,
  onChange,
  allowClear,
}: {
  from: RemoteOptions;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  allowClear?: boolean;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [status, setStatus] = useState<{ loading: boolean; error?: string }>({ loading: true });
  const { endpoint, params } = from;
  useEffect(() => {
    let live = true;
    request(endpoint, params ?? {}).then(
      (answer) => live && (setOptions(remoteOptionsOf(answer, from)), setStatus({ loading: false })),
      (err) => live && setStatus({ loading: false, error: errorText(err) }),
    );
    return () => {
      live = false;
    };
    // The descriptor's options are static: read once per form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint]);
  return (
    <Select
      id={id}
      data-testid={id ? `select-${id}` : undefined}
      value={value as never}
      onChange={onChange}
      loading={status.loading}
      status={status.error ? 'error' : undefined}
      placeholder={status.error}
      allowClear={allowClear}
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 220 }}
      options={options}
    />
  );
}
