import { Alert, Spin } from 'antd';
import { useMemo } from 'react';
import { errorText } from '../../i18n/errorText';
import { CommandFields } from './CommandFields';
import { unionOfSets, useCommandSets } from './useCommandSets';

/**
 * The command form over every device type's set, for a batch across types: each command once;
 * the server renders it per device type and reports the devices whose type lacks it.
 */
export function AllSetsCommandFields({ root }: { root: string }) {
  const { sets, error } = useCommandSets();
  const commands = useMemo(() => (sets ? unionOfSets(sets) : []), [sets]);
  if (error) return <Alert type="error" showIcon message={errorText(error)} />;
  if (!sets) return <Spin />;
  return <CommandFields root={root} commands={commands} />;
}
