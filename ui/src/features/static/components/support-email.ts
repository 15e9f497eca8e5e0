/** supportEmail is the address the contact page and the legal pages give for support. */
export const supportEmail = "support@gymlog.local";
