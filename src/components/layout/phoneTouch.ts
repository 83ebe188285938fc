import { PHONE_QUERY } from '../../hooks/useIsPhone';

/**
 * Thumb-sized controls on a phone (docs/mobile.md): 44 px, the smallest touch target of Apple's
 * and Google's guidelines, for every button, radio button and page link of the logged-in app, so
 * each screen does not have to ask; button rows of radio choices wrap instead of overflowing. Only
 * below the `md` breakpoint: desktop stays as dense as it was.
 */
export const PHONE_TOUCH_CSS = `@media ${PHONE_QUERY.replace('(', 'screen and (')} {
  .ant-btn { min-height: 44px; }
  .ant-btn-icon-only { min-width: 44px; }
  .ant-radio-button-wrapper { height: 44px; line-height: 42px; }
  .ant-pagination .ant-pagination-item, .ant-pagination .ant-pagination-prev,
  .ant-pagination .ant-pagination-next { min-width: 44px; height: 44px; line-height: 42px; }
  .ant-card .ant-card-body { padding: 12px; }
  .ant-radio-group { display: inline-flex; flex-wrap: wrap; row-gap: 4px; }
  .ant-picker-range { max-width: 100%; }
}`;
