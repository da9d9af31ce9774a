/** Who is calling, as established by the API key: handlers read it with `@Caller()`. */
export interface ApiCaller {
  teamId: string;
  keyId: string;
  keyName: string;
}
