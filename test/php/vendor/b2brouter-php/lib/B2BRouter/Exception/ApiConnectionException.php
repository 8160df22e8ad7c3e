<?php

namespace B2BRouter\Exception;

/**
 * Exception for network/connection errors.
 */
class ApiConnectionException extends ApiErrorException
{
}
