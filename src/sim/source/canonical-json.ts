/** The fixture key of a call's arguments lives in domain/ (verify writes fixtures too); sim reads it here. */
export { sortKeys, toCanonicalJson } from '../../domain/canonical-json.js';
