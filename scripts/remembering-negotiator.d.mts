import Negotiator from 'negotiator';

export declare const REMEMBERED_HEADERS: number;
export declare const LONGEST_HEADER: number;
// eslint-disable-next-line no-restricted-syntax -- it stands in for the negotiator package, whose importers take its default export.
export default class RememberingNegotiator extends Negotiator {}
export declare function rememberedHeaders(): number;
