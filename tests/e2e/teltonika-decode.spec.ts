import { expect, test } from '@playwright/test';
import { TELTONIKA_WIKI } from '../unit/gateway/teltonika-frames';
import { login } from './helpers';

test('the log account decodes a pasted Teltonika Codec 8 packet (wiki example) with the count ack', async ({
  page,
}) => {
  await login(page, 'log', '/test/log/decode');
  await page.getByTestId('decode-hex').fill(TELTONIKA_WIKI.codec8);
  await page.getByTestId('decode-run').click();
  const result = page.getByTestId('decode-result');
  await expect(result).toContainText('Teltonika');
  await expect(result).toContainText('2019-06-10');
  await expect(page.getByTestId('decode-reply')).toHaveText('00000001');
  await page.screenshot({ path: '/tmp/G/teltonika-decode.png', fullPage: true });
});
