import { Field, ObjectType } from 'type-graphql';

/** A QR code: the EMV text and its PNG image (on a Boleto, and on the deprecated AgendaBoleto). */
// Plain properties (no middleware, no auth checker): graphql-js reads them itself, without type-graphql's wrapper per field.
@ObjectType({ simpleResolvers: true, description: 'An instant-payment (Pix) QR code. Upstream: qrCode { emv, imagem }.' })
export class QrCode {
  @Field((_type) => String, { nullable: true, description: 'Pix "copia e cola" text (EMV BR Code). Upstream: emv.' })
  emv: string | null;

  @Field((_type) => String, { nullable: true, description: 'PNG image of the QR code, base64. Upstream: imagem.' })
  imageBase64: string | null;
}

/** Maps a partner `qrCode` object (`{ emv, imagem }`); `null` when absent or empty. */
export function mapQrCode(qr: { emv?: string | null; imagem?: string | null } | null | undefined): QrCode | null {
  if (!qr || (qr.emv == null && qr.imagem == null)) {
    return null;
  }
  return Object.assign(new QrCode(), { emv: qr.emv ?? null, imageBase64: qr.imagem ?? null });
}
