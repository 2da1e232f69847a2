import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the double received. */
export interface SeenRequest {
  method: string;
  url: string;
  auth: string | undefined;
  idempotency: string | undefined;
  body: Record<string, unknown> | null;
}

/** A card tokenised at the double (what Mercado Pago keeps behind a card token). */
interface StoredCard {
  number: string;
  holder: string;
  publicKey: string;
}

export interface MercadoPagoDouble {
  /** http://127.0.0.1:<port>: the API's base URL (MERCADOPAGO_API_URL). */
  url: string;
  /** The browser SDK's address (MERCADOPAGO_SDK_URL). */
  sdkUrl: string;
  seen: SeenRequest[];
  /** Payments by id, as the provider holds them (tests change a status to stand for the provider's decision). */
  payments: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * The browser SDK as the double serves it: `new MercadoPago(publicKey)` and `createCardToken(...)`, which posts
 * the card to the double's /v1/card_tokens (the real SDK posts it to api.mercadopago.com) and answers the token
 * the way Mercado Pago does ({ id, last_four_digits, first_six_digits, … }).
 */
const SDK_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  class MercadoPago {
    constructor(publicKey, options) {
      if (!publicKey) throw new Error('MercadoPago: public key required');
      this.publicKey = publicKey;
      this.options = options || {};
    }
    async createCardToken(data) {
      const res = await fetch(origin + '/v1/card_tokens?public_key=' + encodeURIComponent(this.publicKey), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          card_number: data.cardNumber,
          cardholder: { name: data.cardholderName },
          expiration_month: Number(data.cardExpirationMonth),
          expiration_year: Number(data.cardExpirationYear),
          security_code: data.securityCode,
        }),
      });
      const body = await res.json();
      if (!res.ok) throw body;
      return body;
    }
  }
  window.MercadoPago = MercadoPago;
})();
`;

/**
 * A local double of Mercado Pago (the real one cannot be reached from here). It answers like the provider:
 * the browser SDK (/js/v2) and its card tokens (/v1/card_tokens, public key), payments (/v1/payments: card by
 * token, PIX, boleto; read by id), refunds. A tokenised card follows Mercado Pago's test-card convention: holder
 * name 'APRO' → approved, 'OTHE' → rejected. It records every request it receives.
 */
export async function startMercadoPagoDouble(
  opts: { accessToken?: string; publicKey?: string } = {},
): Promise<MercadoPagoDouble> {
  const accessToken = opts.accessToken ?? 'TEST-token';
  const publicKey = opts.publicKey ?? 'TEST-public-key';
  const seen: SeenRequest[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const cards = new Map<string, StoredCard>();
  let next = 1_300_000_000;

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const query = new URL(req.url ?? '/', 'http://double').searchParams;
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, {
        'content-type': type,
        // The browser calls the SDK's endpoints from the app's origin.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
      });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (req.method === 'OPTIONS') return send(204, '');
    if (req.method === 'GET' && path === '/js/v2') return send(200, SDK_SCRIPT, 'text/javascript');
    let body: Record<string, unknown> | null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      return send(400, { message: 'invalid json' });
    }
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    seen.push({
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization,
      idempotency: req.headers['x-idempotency-key'] as string | undefined,
      body,
    });

    if (req.method === 'POST' && path === '/v1/card_tokens') {
      if (query.get('public_key') !== publicKey) return send(401, { message: 'invalid public key' });
      const number = text(body?.card_number).replace(/\D/g, '');
      if (number.length < 13) return send(400, { message: 'invalid card_number', cause: [{ code: '205' }] });
      const id = randomBytes(16).toString('hex');
      const holder = String((body?.cardholder as { name?: string } | undefined)?.name ?? '');
      cards.set(id, { number, holder, publicKey });
      return send(201, {
        id,
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        expiration_month: body?.expiration_month,
        expiration_year: body?.expiration_year,
        cardholder: { name: holder },
        status: 'active',
        live_mode: false,
      });
    }

    // The rest is the server-side API: the access token is required.
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return send(401, { message: 'invalid access token' });
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (req.method === 'POST' && refund) {
      const p = payments.get(refund[1]!);
      if (!p) return send(404, { message: 'not found' });
      p.status = 'refunded';
      return send(201, { id: 1, payment_id: Number(refund[1]), status: 'approved' });
    }
    if (req.method === 'POST' && path === '/v1/payments') {
      const id = String(next++);
      const method = body!.payment_method_id as string;
      const p: Record<string, unknown> = {
        id: Number(id),
        status: 'pending',
        payment_method_id: method,
        transaction_amount: body!.transaction_amount,
        external_reference: body!.external_reference,
      };
      if (method === 'pix') {
        p.point_of_interaction = {
          transaction_data: { qr_code: '00020101021226…6304ABCD', qr_code_base64: 'iVBOR' },
        };
      } else if (method === 'bolbradesco') {
        p.transaction_details = {
          digitable_line: '23790.00009 00000.000001 00000.000000 1 00000000004990',
          barcode: { content: '23791000000000049900000000000000000000000000' },
        };
        p.date_of_expiration = '2026-11-26T23:59:59.000-03:00';
      } else {
        const token = text(body!.token);
        const card = cards.get(token);
        if (card) {
          if (card.publicKey !== publicKey) return send(400, { message: 'token of another account' });
          cards.delete(token); // a card token is good for one payment
          p.status = card.holder.toUpperCase() === 'OTHE' ? 'rejected' : 'approved';
          p.card = { last_four_digits: card.number.slice(-4), first_six_digits: card.number.slice(0, 6) };
        } else if (token.startsWith('tok-')) {
          p.status = token === 'tok-rejected' ? 'rejected' : 'approved';
        } else {
          return send(400, { message: 'invalid card token', cause: [{ code: 2006 }] });
        }
      }
      payments.set(id, p);
      return send(201, p);
    }
    const get = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const p = payments.get(get[1]!);
      return p ? send(200, p) : send(404, { message: 'not found' });
    }
    return send(404, { message: 'unknown route' });
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sdkUrl: `${url}/js/v2`,
    seen,
    payments,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive sockets of the SDK's client
      }),
  };
}
