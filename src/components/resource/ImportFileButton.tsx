import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { rowsToLines, sheetRows } from './derive';
import { readSheetFile } from './files';

/**
 * Reads an xlsx or csv file into the text box (one row per line, cells comma separated), so the
 * user reviews what the file held before submitting it. A header row is skipped.
 */
export function ImportFileButton({
  columns,
  onLines,
}: {
  columns: readonly string[];
  onLines: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Upload
      accept=".xlsx,.csv"
      showUploadList={false}
      beforeUpload={async (file) => {
        try {
          const rows = sheetRows(await readSheetFile(file), columns);
          onLines(rowsToLines(rows, columns));
          message.success(t('device:generic.fileRead', { count: rows.length }));
        } catch (err) {
          message.error(
            err instanceof Error && !('meta' in err) ? t('device:generic.fileUnreadable') : errorText(err),
          );
        }
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} data-testid="import-file">
        {t('device:generic.importFile')}
      </Button>
    </Upload>
  );
}
