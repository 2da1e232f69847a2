import { createHmac } from 'node:crypto';
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';

/** Notifications older (or newer) than this are refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 600;

/**
 * Mercado Pago's webhook signature, used by the sandbox too so both go through the same check: header
 * x-signature 'ts=<unix>,v1=<hex HMAC-SHA256>' over 'id:<data.id>;request-id:<x-request-id>;ts:<ts>;'.
 * Signing is for the sandbox control and the tests' provider double; verifying uses the official SDK.
 */
export function signNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/** True when the headers sign dataId with `secret`, within the tolerance. */
export function verifyNotification(
  secret: string,
  header: string | undefined,
  dataId: string,
  requestId: string | undefined,
  now: () => number = () => Date.now(),
): boolean {
  if (!header || !requestId || !dataId) return false;
  try {
    WebhookSignatureValidator.validate({
      xSignature: header,
      xRequestId: requestId,
      dataId,
      secret,
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      now,
    });
    return true;
  } catch (e) {
    if (e instanceof InvalidWebhookSignatureError) return false;
    throw e;
  }
}

export const headerOf = (
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
