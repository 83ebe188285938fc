import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Image, Popconfirm, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS as P } from '../../../config/roles';
import { abilityFor, hasAnyPermission, writeRefusal } from '../../domain/ability';
import { PICTURE_MAX_BYTES, PICTURES_PER_DEVICE_MAX } from '../../domain/limits';
import { useSessionUser } from '../../hooks/useSession';
import { errorText } from '../../i18n/errorText';
import { deletePicture, listPictures, pictureUrl, uploadPicture, type DevicePicture } from './pictureApi';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The pictures of one device (a row of the device list expands to this): a small gallery with
 * preview; who may edit the device adds and deletes pictures. The server checks type and size
 * again; the checks here only spare a useless upload.
 */
export default function DevicePictures({ row }: { row: Record<string, unknown> }) {
  const terminalID = String(row.terminalID);
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const user = useSessionUser();
  // Hidden (not only disabled) for the demo: the gallery stays a gallery.
  const canEdit = useMemo(() => {
    const ability = abilityFor(user);
    return Boolean(user) && hasAnyPermission(ability, [P.deviceEdit]) && writeRefusal(ability) === null;
  }, [user]);
  const [pictures, setPictures] = useState<(DevicePicture & { url: string })[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      const list = await listPictures(terminalID);
      const withUrls = await Promise.all(list.map(async (p) => ({ ...p, url: await pictureUrl(p.id) })));
      setPictures((old) => {
        old.forEach((p) => URL.revokeObjectURL(p.url));
        return withUrls;
      });
    } catch (e) {
      message.error(errorText(e));
    }
  }, [terminalID, message]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => () => pictures.forEach((p) => URL.revokeObjectURL(p.url)), [pictures]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) {
      message.error(t('errors:pictureTooLarge', { limit: PICTURE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      await uploadPicture(terminalID, file);
      message.success(t('pictures.uploaded'));
      await load();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (id: number) => {
    try {
      await deletePicture(id);
      await load();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <Card
      size="small"
      title={t('pictures.title', { terminalID })}
      data-testid="device-pictures"
      extra={
        canEdit ? (
          <>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              style={{ display: 'none' }}
              data-testid="picture-input"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <Button
              icon={<UploadOutlined />}
              loading={busy}
              disabled={pictures.length >= PICTURES_PER_DEVICE_MAX}
              onClick={() => input.current?.click()}
              data-testid="picture-upload"
            >
              {t('pictures.upload')}
            </Button>
          </>
        ) : null
      }
    >
      {pictures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pictures.empty')} />
      ) : (
        <Image.PreviewGroup>
          <Space wrap size="middle">
            {pictures.map((p) => (
              <Space key={p.id} direction="vertical" size={4} align="center" data-testid="picture-item">
                <Image src={p.url} alt={p.fileName} width={140} height={105} style={{ objectFit: 'cover' }} />
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 140 }}>
                  {p.fileName}
                </Typography.Text>
                {canEdit ? (
                  <Popconfirm title={t('pictures.deleteConfirm')} onConfirm={() => void remove(p.id)}>
                    <Button
                      size="small"
                      danger
                      type="link"
                      icon={<DeleteOutlined />}
                      data-testid="picture-delete"
                    >
                      {t('pictures.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('pictures.help', { max: PICTURES_PER_DEVICE_MAX, mb: PICTURE_MAX_BYTES / 1024 / 1024 })}
      </Typography.Paragraph>
    </Card>
  );
}
