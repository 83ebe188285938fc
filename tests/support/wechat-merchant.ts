import { createCipheriv, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { ProviderAccount } from '../../server/services/payment/providers/types';

const privatePem = (k: KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString();

/**
 * A WeChat Pay merchant of our own making: its account settings as an agent enters them, and
 * the platform key WeChat Pay signs its notifications with (which only the real WeChat holds;
 * a test that plays an attacker makes a second merchant).
 */
export function wechatMerchant(apiV3Key = 'a7cde1f2b3c4d5e6f7a8b9c0d1e2f3a4') {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account: ProviderAccount = {
    mchId: '1900009191',
    appId: 'wxd678efh567hg6787',
    serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
    privateKey: privatePem(merchant.privateKey),
    apiV3Key,
    platformPublicKey: publicPem(platform.publicKey),
    platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
  };
  return { merchant, platform, account };
}

/** A notification `resource`, encrypted with the API v3 key as WeChat Pay does (AES-256-GCM). */
export function encryptResource(plain: object, originalType: string, key: string) {
  const nonce = 'fdasflkja484';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(originalType));
  const data = Buffer.concat([
    cipher.update(JSON.stringify(plain), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    original_type: originalType,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: originalType,
    nonce,
  };
}

/** A notification body as WeChat Pay posts it. */
export function notification(id: string, eventType: string, resource: object) {
  return {
    id,
    create_time: '2026-03-01T17:59:01+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource,
  };
}

/** Signed by a platform key the way WeChat Pay signs callbacks; headers as WeChat spells them. */
export function signedDelivery(body: object, key: KeyObject, serial: string, timestamp: string) {
  const rawBody = JSON.stringify(body);
  const nonce = 'mDML06DFZQOU5GPcLfVlFUy3y4h9QMB0';
  const signature = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${rawBody}\n`), key).toString(
    'base64',
  );
  return {
    rawBody,
    headers: {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': serial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    },
  };
}
