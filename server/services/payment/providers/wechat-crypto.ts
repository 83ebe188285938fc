/**
 * WeChat Pay API v3 signing, request authorization and notification decryption: the pure
 * cryptography of the adapter (wechat.ts), kept apart so the adapter holds the API calls only.
 */
import { createDecipheriv, createPrivateKey, sign } from 'node:crypto';
import { ProviderError, WebhookSignatureError, type ProviderAccount } from './types';
import { accountValue, field, str } from './util';

/** PEMs pasted into a settings form often arrive with literal "\n" instead of line breaks. */
export function pem(account: ProviderAccount, key: string): string {
  return accountValue(account, key, 'wechat').replace(/\\n/g, '\n');
}

/** RSA-SHA256 (PKCS#1 v1.5) of `message` with the merchant private key, base64. */
export function wechatSign(message: string, privateKeyPem: string): string {
  return sign('sha256', Buffer.from(message, 'utf8'), createPrivateKey(privateKeyPem)).toString('base64');
}

/** The Authorization header of one API v3 request; `pathWithQuery` is the URL after the host. */
export function wechatAuthorization(
  account: ProviderAccount,
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp: string,
  nonce: string,
): string {
  const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
  const signature = wechatSign(message, pem(account, 'privateKey'));
  const mchId = accountValue(account, 'mchId', 'wechat');
  const serial = accountValue(account, 'serialNo', 'wechat');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${serial}"`;
}

export function truncateBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    bytes += Buffer.byteLength(ch, 'utf8');
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** Decrypts a notification `resource` (AEAD_AES_256_GCM, the 16-byte tag after the ciphertext). */
export function decryptResource(resource: unknown, apiV3Key: string): unknown {
  if (field(resource, 'algorithm') !== 'AEAD_AES_256_GCM') {
    throw new WebhookSignatureError(`WeChat resource algorithm ${String(field(resource, 'algorithm'))}`);
  }
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new ProviderError('wechat apiV3Key must be 32 bytes');
  const data = Buffer.from(str(field(resource, 'ciphertext')) ?? '', 'base64');
  const nonce = str(field(resource, 'nonce'));
  if (!nonce || data.length <= 16) throw new WebhookSignatureError('WeChat resource is incomplete');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(str(field(resource, 'associated_data')) ?? '', 'utf8'));
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    // A verified notification that will not decrypt means the apiV3Key is not this merchant's.
    throw new WebhookSignatureError('WeChat resource does not decrypt (check apiV3Key)');
  }
}
