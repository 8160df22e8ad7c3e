<?php

namespace B2BRouter\Exception;

/**
 * Authentication exception (401 errors).
 */
class AuthenticationException extends ApiErrorException
{
}
