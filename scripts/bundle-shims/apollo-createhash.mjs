// Stands in for @apollo/utils.createhash in the bundle. The package picks Node's crypto only where
// `module.require` exists, which the bundler's CommonJS wrapper does not give, so bundled it hashed in
// JavaScript (sha.js): Apollo Server's SHA-256 of every request's query text cost several times
// Node's. Same function, same digests, always Node's crypto.
export { createHash } from 'node:crypto';
