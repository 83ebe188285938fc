import { expect, test } from '@playwright/test';
import { login } from './helpers';

// Public frames from Traccar's decoder tests (H02, TK103, Meitrack), pasted as people copy them
// from a device log: as text, without the CR LF that ends a Meitrack line.
const FRAMES = [
  {
    name: 'H02',
    text: '*HQ,865205030330012,V1,145452,A,2240.55181,N,11358.32389,E,0.00,0,100815,FFFFFBFF#',
    id: '865205030330012',
  },
  {
    name: 'TK103',
    text: '(035988863964BP05000035988863964110524A4241.7977N02318.7561E000.0123536356.5100000000L000946BB)',
    id: '035988863964',
  },
  {
    name: 'Meitrack',
    text: '$$T143,869013024733944,AAA,1,18.459575,-69.947161,170220142912,A,5,15,10,300,1.6,115,3989,187884,370|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,*C2',
    id: '869013024733944',
  },
];

test('the log account decodes H02, TK103 and Meitrack frames pasted as text, each detected', async ({
  page,
}) => {
  await login(page, 'log', '/test/log/decode');
  for (const frame of FRAMES) {
    await page.getByTestId('decode-hex').fill(frame.text);
    await page.getByTestId('decode-run').click();
    const result = page.getByTestId('decode-result');
    await expect(result).toContainText(frame.name);
    await expect(result).toContainText(frame.id);
    await expect(page.getByTestId('decode-error')).toHaveCount(0);
    // The reply of a text protocol shows as its text beside the hex.
    if (frame.name === 'TK103')
      await expect(page.getByTestId('decode-reply-text')).toHaveText(/^\(035988863964AP05/);
    if (frame.name === 'H02')
      await page.screenshot({ path: 'docs/screenshots/decode-h02.png', fullPage: true });
  }
});
