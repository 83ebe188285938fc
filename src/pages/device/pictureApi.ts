import { getFile, postFile } from '../../components/resource/fileCalls';
import { request } from '../../providers/http';

/** A stored picture of a device (GET /api/device/picture/{id} serves its bytes). */
export interface DevicePicture {
  id: number;
  fileName: string;
  mime: string;
  size: number;
  createdAt: string;
}

export const listPictures = (terminalID: string) =>
  request<DevicePicture[]>('/device/picture/list', { terminalID });

export const uploadPicture = (terminalID: string, file: File) =>
  postFile<DevicePicture>('/device/picture/upload', file, { terminalID, fileName: file.name.slice(0, 128) });

export const deletePicture = (id: number) => request<null>('/device/delDevicePicture', { id });

/** The picture as an object URL: the request needs the session token, which an <img> cannot send. */
export async function pictureUrl(id: number): Promise<string> {
  return URL.createObjectURL(await getFile(`/device/picture/${id}`));
}
