/**
 * The socket.io client options of the realtime contract, loaded by lib/socket.ts together with the
 * client library, never with a screen: the contract's module imports every event's payload
 * schemas, which would otherwise ride in the first paint.
 */
export { SOCKET_CLIENT_OPTIONS } from '@dinedesk/contracts';
