import type { FastifyReply } from 'fastify';

/** A file answer: a stream or the bytes, and whether rows were left out (the export caps). */
export interface FileAnswer {
  mime: string;
  filename: string;
  stream?: unknown;
  data?: ArrayBuffer | Uint8Array;
  truncated?: boolean;
}

/** Sends an export as a download; `x-export-truncated` tells the screens when rows were capped. */
export function sendFile(reply: FastifyReply, file: FileAnswer) {
  reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${file.filename}"`);
  if (file.truncated !== undefined) reply.header('x-export-truncated', file.truncated ? '1' : '0');
  return reply.send(file.stream ?? Buffer.from(file.data as ArrayBuffer));
}
