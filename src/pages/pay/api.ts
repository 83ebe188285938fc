import type { CardType, PayResultState, PaymentType } from '../../domain/payment';
import type { RenewNextStep, RenewWay } from '../../domain/renew-ways';
import { request } from '../../providers/http';
import type { Quote, orderRequest } from './renewLogic';

type OrderRequest = NonNullable<ReturnType<typeof orderRequest>>;

/** GET /pay/account/allowedPay: whether the caller may renew online, to whom and at what prices. */
export interface AllowedPay {
  allowed: boolean;
  agent: Quote['agent'] | null;
  paymentTypes: PaymentType[];
  prices: { cardType: CardType; priceMinor: number | null; currency: string | null }[];
}

/** An order as order/list, order/status and order/cancel answer it (orderView on the server). */
export interface OrderView {
  orderNo: string;
  amountMinor: number;
  currency: string;
  paymentType: PaymentType;
  rechargeType: CardType;
  rechargeTarget: string;
  devices: number;
  discountCode: string | null;
  discountRate: number | null;
  expireTime: string | null;
  days: number;
  unitPriceMinor: number;
  status: number;
  closedReason: string | null;
  state: PayResultState;
  createdAt: string;
  paidAt: string | null;
}

export interface CreatedOrder extends Quote {
  orderNo: string;
  /** Where the buyer approves the payment (PayPal, the sandbox). */
  approveUrl: string | null;
  /** WeChat Native: the text of the QR code the buyer scans. */
  codeUrl: string | null;
}

export const fetchAllowedPay = () => request<AllowedPay>('/pay/account/allowedPay');
export const fetchQuote = (body: OrderRequest, signal?: AbortSignal) =>
  request<Quote>('/order/quote', body, { signal });
export const createOrder = (body: OrderRequest) => request<CreatedOrder>('/order/create', body);
export const orderStatus = (orderNo: string) => request<OrderView>('/order/status', { orderNo });
export const cancelOrder = (orderNo: string) => request<OrderView>('/order/cancel', { orderNo });
export const sandboxPay = (orderNo: string, outcome: 'paid' | 'failed' | 'cancelled') =>
  request<OrderView>('/pay/sandbox/pay', { orderNo, outcome });

/** POST /renew/ways (issue 32): every way the caller can renew the devices, or whom to ask. */
export interface RenewWays {
  devices: { terminalID: string; name: string; expireAt: string | null }[];
  ways: RenewWay[];
  nextStep: RenewNextStep | null;
  contact: { id: number; username: string; nickname: string; telephone: string } | null;
  cards: { allowed: boolean; unlimited: boolean; balances: { cardType: CardType; count: number }[] };
  online: AllowedPay;
}

export const fetchRenewWays = (terminalIDs: string[]) => request<RenewWays>('/renew/ways', { terminalIDs });
