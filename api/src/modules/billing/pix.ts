import { createStaticPix, hasError, parsePix } from 'pix-utils';

/** The receiver of PIX payments (the company's key, name and city as the bank registered them). */
export interface PixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * A BR Code "copia e cola" (EMV MPM with CRC16-CCITT) for `amountCents`, with a txid of up to 25
 * letters/digits that identifies the payment. Built by pix-utils; the CRC is checked by its parser.
 */
export function pixCopyPaste(receiver: PixReceiver, amountCents: number, txid: string): string {
  const pix = createStaticPix({
    merchantName: receiver.merchantName,
    merchantCity: receiver.merchantCity,
    pixKey: receiver.key,
    txid: txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
    infoAdicional: 'Assinatura Arbitra',
    transactionAmount: amountCents / 100,
    isTransactionUnique: true,
  });
  if (hasError(pix)) throw new Error(`BR Code inválido: ${pix.message}`);
  const code = pix.toBRCode();
  if (hasError(parsePix(code))) throw new Error('BR Code gerado não confere');
  return code;
}
