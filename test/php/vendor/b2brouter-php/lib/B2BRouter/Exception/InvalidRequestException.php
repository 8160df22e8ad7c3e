<?php

namespace B2BRouter\Exception;

/**
 * Invalid request exception (400, 422 errors).
 */
class InvalidRequestException extends ApiErrorException
{
}
