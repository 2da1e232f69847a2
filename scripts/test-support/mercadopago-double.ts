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
interface TokenisedCard {
  number: string;
  holder: string;
  /** The account it belongs to (the public key that made it, or the access token's for a saved card's token). */
  publicKey: string;
  /** A token made from a saved card (server-side, for a recurring charge). */
  savedCardId?: string;
  /** Mercado Pago lets the first payment's token be used once for the payment and once to save the card. */
  paid?: boolean;
  saved?: boolean;
}

/** A card saved to a customer (Customers / Cards API). Tests change `holder` to 'OTHE' to have the issuer refuse. */
export interface SavedCard {
  id: string;
  customerId: string;
  number: string;
  holder: string;
  paymentMethodId: string;
}

/** A customer (Customers API). */
export interface Customer {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  identification?: { type: string; number: string };
}

export interface MercadoPagoDouble {
  /** http://127.0.0.1:<port>: the API's base URL (MERCADOPAGO_API_URL). */
  url: string;
  /** The browser SDK's address (MERCADOPAGO_SDK_URL). */
  sdkUrl: string;
  seen: SeenRequest[];
  /** Payments by id, as the provider holds them (tests change a status to stand for the provider's decision). */
  payments: Map<string, Record<string, unknown>>;
  customers: Map<string, Customer>;
  /** Saved cards by id. */
  savedCards: Map<string, SavedCard>;
  /** A card token as the browser SDK makes it (the card posted with the public key); for tests without a browser. */
  browserToken(number: string, holder: string): Promise<string>;
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

/** Mercado Pago's payment_method_id of a card number (the double knows the brands the app accepts). */
const methodOf = (number: string): string =>
  /^(50|509|636|650|6516|6550|4011|4312|4389|4514|4576)/.test(number)
    ? 'elo'
    : number.startsWith('4')
      ? 'visa'
      : 'master';

/**
 * A local double of Mercado Pago (the real one cannot be reached from here). It answers like the provider:
 * the browser SDK (/js/v2) and its card tokens (/v1/card_tokens, public key), payments (/v1/payments: card by
 * token, PIX, boleto; read by id), refunds, and the recurring-charge flow with a saved card: customers
 * (/v1/customers, /v1/customers/search?email=), their cards (/v1/customers/{id}/cards, saved from a card token;
 * DELETE to remove), server-side card tokens from a saved card ({card_id, customer_id} with the access token), and a
 * payment with that token and payer {type:'customer', id}. A tokenised card follows Mercado Pago's test-card
 * convention: holder name 'APRO' → approved, 'OTHE' → rejected. Boleto needs payer.identification (CPF), as in
 * Brazil. It records every request it receives.
 */
export async function startMercadoPagoDouble(
  opts: { accessToken?: string; publicKey?: string } = {},
): Promise<MercadoPagoDouble> {
  const accessToken = opts.accessToken ?? 'TEST-token';
  const publicKey = opts.publicKey ?? 'TEST-public-key';
  const seen: SeenRequest[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const cards = new Map<string, TokenisedCard>();
  const customers = new Map<string, Customer>();
  const savedCards = new Map<string, SavedCard>();
  let next = 1_300_000_000;
  let nextCard = 9_000_000_000;

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

    // A saved card's token, made server-side for a recurring charge (access token, no CVV).
    if (req.method === 'POST' && path === '/v1/card_tokens' && body?.card_id !== undefined) {
      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return send(401, { message: 'invalid access token' });
      const saved = savedCards.get(text(body.card_id));
      if (!saved || (body.customer_id !== undefined && text(body.customer_id) !== saved.customerId))
        return send(404, { message: 'card not found', cause: [{ code: '2006' }] });
      const id = randomBytes(16).toString('hex');
      cards.set(id, { number: saved.number, holder: saved.holder, publicKey, savedCardId: saved.id });
      return send(201, {
        id,
        card_id: saved.id,
        first_six_digits: saved.number.slice(0, 6),
        last_four_digits: saved.number.slice(-4),
        status: 'active',
        live_mode: false,
      });
    }

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
    if (req.method === 'GET' && path === '/v1/customers/search') {
      const email = (query.get('email') ?? '').toLowerCase();
      const results = [...customers.values()].filter((c) => !email || c.email.toLowerCase() === email);
      return send(200, { paging: { total: results.length, limit: 10, offset: 0 }, results });
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const email = text(body?.email);
      if (!email) return send(400, { message: 'email is required', cause: [{ code: '100' }] });
      if ([...customers.values()].some((c) => c.email.toLowerCase() === email.toLowerCase()))
        return send(400, { message: 'the customer already exist', cause: [{ code: '101' }] });
      const c: Customer = {
        id: `${nextCard++}-${randomBytes(4).toString('hex')}`,
        email,
        ...(body?.first_name ? { first_name: text(body.first_name) } : {}),
        ...(body?.last_name ? { last_name: text(body.last_name) } : {}),
        ...(body?.identification
          ? { identification: body.identification as Customer['identification'] }
          : {}),
      };
      customers.set(c.id, c);
      return send(201, c);
    }
    const customerCards = /^\/v1\/customers\/([^/]+)\/cards$/.exec(path);
    if (req.method === 'POST' && customerCards) {
      const customer = customers.get(decodeURIComponent(customerCards[1]!));
      if (!customer) return send(404, { message: 'customer not found' });
      const card = cards.get(text(body?.token));
      if (!card || card.saved || card.savedCardId || card.publicKey !== publicKey)
        return send(400, { message: 'invalid card token', cause: [{ code: 'E301' }] });
      card.saved = true;
      const saved: SavedCard = {
        id: String(nextCard++),
        customerId: customer.id,
        number: card.number,
        holder: card.holder,
        paymentMethodId: methodOf(card.number),
      };
      savedCards.set(saved.id, saved);
      return send(201, {
        id: saved.id,
        customer_id: customer.id,
        first_six_digits: card.number.slice(0, 6),
        last_four_digits: card.number.slice(-4),
        payment_method: { id: saved.paymentMethodId },
        cardholder: { name: card.holder },
      });
    }
    const customerCard = /^\/v1\/customers\/([^/]+)\/cards\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && customerCard) {
      const saved = savedCards.get(decodeURIComponent(customerCard[2]!));
      if (!saved || saved.customerId !== decodeURIComponent(customerCard[1]!))
        return send(404, { message: 'card not found' });
      savedCards.delete(saved.id);
      return send(200, { id: saved.id, customer_id: saved.customerId });
    }

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
        const identification = (
          body!.payer as { identification?: { type?: string; number?: string } } | undefined
        )?.identification;
        if (identification?.type !== 'CPF' || !/^\d{11}$/.test(identification.number ?? ''))
          return send(400, { message: 'payer.identification is required', cause: [{ code: 4037 }] });
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
          if (card.paid) return send(400, { message: 'token already used', cause: [{ code: 2006 }] });
          card.paid = true; // a card token is good for one payment
          if (card.savedCardId) {
            // A saved card's token: the payer must be that card's customer.
            const payer = body!.payer as { type?: string; id?: string } | undefined;
            const saved = savedCards.get(card.savedCardId);
            if (!saved || payer?.type !== 'customer' || payer.id !== saved.customerId)
              return send(400, { message: 'payer.type customer with the card owner is required' });
            card.holder = saved.holder;
          }
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
    // Cancelling a charge not yet paid (PUT {status:'cancelled'}): Mercado Pago refuses it once the payment is decided.
    if (req.method === 'PUT' && get && body?.status === 'cancelled') {
      const p = payments.get(get[1]!);
      if (!p) return send(404, { message: 'not found' });
      if (p.status !== 'pending' && p.status !== 'in_process')
        return send(400, { message: 'Invalid payment status', cause: [{ code: 2063 }] });
      p.status = 'cancelled';
      return send(200, p);
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
    customers,
    savedCards,
    browserToken: async (number, holder) => {
      const res = await fetch(`${url}/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: number,
          cardholder: { name: holder },
          expiration_month: 11,
          expiration_year: 2030,
          security_code: '123',
        }),
      });
      if (!res.ok) throw new Error(`card token refused: ${res.status}`);
      return ((await res.json()) as { id: string }).id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive sockets of the SDK's client
      }),
  };
}
