import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';

/** One file picked for a form: the value is the File itself, sent with the form (not by antd). */
export function FileInput({
  id,
  value,
  onChange,
  label,
}: {
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  label: string;
}) {
  return (
    <Upload
      maxCount={1}
      beforeUpload={(f) => {
        onChange?.(f);
        return false;
      }}
      onRemove={() => onChange?.(null)}
      fileList={value ? [{ uid: '1', name: value.name, status: 'done' }] : []}
    >
      <Button id={id} icon={<UploadOutlined />} data-testid={id ? `file-${id}` : undefined}>
        {label}
      </Button>
    </Upload>
  );
}
