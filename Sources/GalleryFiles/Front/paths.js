// The service's paths the gallery reaches, written once here; a unit test holds them to the
// route table (Sources/SpinnerService/Routes/Route.swift), and the page's links with them.

/** Below it, `{kind}.{extension}?{query}`: one spinner image. */
export const SPINNER = "/spinner/";
/** The catalog (kinds, parameters, formats, styles). */
export const CATALOG = "/spinners";
/** The OpenAPI document. */
export const OPENAPI = "/openapi.yaml";
