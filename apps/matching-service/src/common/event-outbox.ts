// The outbox port of libs/messaging (MessagingModule provides it), under this app's usual import path.
export { EventOutbox } from '@cps/messaging';
