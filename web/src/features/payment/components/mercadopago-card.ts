import { loadMercadoPago } from '@mercadopago/sdk-js';
import { MERCADOPAGO_SDK_URL, MESSAGES, cardBrand, type CardTokenInput } from '@arbitra/contracts';
import type { CardFields } from './card-form';

/** What MercadoPago.js v2 offers that the payment page uses ('Core methods': our own fields, its tokenisation). */
interface MercadoPagoInstance {
  createCardToken(data: {
    cardNumber: string;
    cardholderName: string;
    cardExpirationMonth: string;
    cardExpirationYear: string;
    securityCode: string;
  }): Promise<{ id: string; last_four_digits?: string }>;
}
type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`falha ao carregar ${src}`)));
    document.head.appendChild(script);
  });
}

/** The SDK could not be loaded or refused the card: the page says so in pt-BR. */
export class CardTokenizeError extends Error {
  constructor() {
    super(MESSAGES.payments.cardTokenizeFailed);
  }
}

let sdk: Promise<MercadoPagoConstructor> | null = null;

/**
 * MercadoPago.js v2 through the official loader (@mercadopago/sdk-js). When the API names another address (a
 * local double in tests), that script is put in first; the loader then takes the MercadoPago it defined.
 */
function loadSdk(sdkUrl: string): Promise<MercadoPagoConstructor> {
  sdk ??= (async () => {
    if (sdkUrl !== MERCADOPAGO_SDK_URL && !window.MercadoPago) await injectScript(sdkUrl);
    const MercadoPago = (await loadMercadoPago()) as MercadoPagoConstructor | null;
    if (!MercadoPago) throw new Error('MercadoPago.js indisponível');
    return MercadoPago;
  })();
  sdk.catch(() => {
    sdk = null; // a failed load may be tried again
  });
  return sdk;
}

/**
 * PAYMENTS_PROVIDER=mercadopago: the card (already checked by cardError) is tokenised in the browser by Mercado
 * Pago's SDK; only the token, the brand and the last 4 digits go to our server.
 */
export async function mercadoPagoCardToken(
  card: CardFields,
  config: { publicKey: string; sdkUrl: string },
): Promise<CardTokenInput> {
  const digits = card.number.replace(/\D/g, '');
  const [month = '', year = ''] = card.expiry.split('/');
  let token;
  try {
    const MercadoPago = await loadSdk(config.sdkUrl);
    token = await new MercadoPago(config.publicKey, { locale: 'pt-BR' }).createCardToken({
      cardNumber: digits,
      cardholderName: card.name.trim(),
      cardExpirationMonth: month,
      cardExpirationYear: `20${year}`,
      securityCode: card.cvv,
    });
  } catch {
    throw new CardTokenizeError();
  }
  return { token: token.id, brand: cardBrand(digits)!, last4: token.last_four_digits ?? digits.slice(-4) };
}
